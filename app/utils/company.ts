/** The firm's name, shown as the product name in the header, the e-mails and the page titles. */
export const COMPANY_NAME = "دار الركائز العقارية";
