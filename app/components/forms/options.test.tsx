import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Options } from "./options.tsx";

describe("Options", () => {
  it("names a value shown as itself once, and still selects it", () => {
    const html = renderToStaticMarkup(
      <select defaultValue="جدة" onChange={() => {}}>
        <Options values={["الرياض", "جدة"]} />
      </select>,
    );
    expect(html).toBe('<select><option>الرياض</option><option selected="">جدة</option></select>');
  });

  it("keeps the value where the label differs or the text would read it otherwise", () => {
    const html = renderToStaticMarkup(
      <select defaultValue="low" onChange={() => {}}>
        <Options values={["low", " a  b"]} labels={{ low: "الأقل سعرًا", " a  b": " a  b" }} />
      </select>,
    );
    expect(html).toBe('<select><option value="low" selected="">الأقل سعرًا</option><option value=" a  b"> a  b</option></select>');
  });
});
