import config from "/work/wt-mail/playwright.config.ts";
export default { ...config, webServer: undefined };
