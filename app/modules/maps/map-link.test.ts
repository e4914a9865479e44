import { describe, expect, it } from "vitest";
import { coordinatesFromMapLink } from "./map-link.ts";

const RIYADH = { lat: 24.7136, lng: 46.6753 };

describe("coordinates from a pasted map link", () => {
  it.each([
    ["24.7136, 46.6753", RIYADH],
    ["٢٤٫٧١٣٦، ٤٦٫٦٧٥٣", RIYADH],
    ["https://www.google.com/maps/@24.7136,46.6753,15z", RIYADH],
    ["https://www.google.com/maps?q=24.7136,46.6753", RIYADH],
    ["https://maps.google.com/?q=loc:24.7136,46.6753", RIYADH],
    ["https://www.google.com/maps/search/?api=1&query=24.7136%2C46.6753", RIYADH],
    ["https://www.google.com/maps/dir/?api=1&destination=24.7136,46.6753", RIYADH],
    ["https://www.google.com/maps/place/24.7136,46.6753", RIYADH],
    ["https://www.google.com/maps/place/%D8%A7%D9%84%D8%B1%D9%8A%D8%A7%D8%B6/@24.70,46.60,12z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d24.7136!4d46.6753", RIYADH],
    ["https://maps.apple.com/?ll=24.7136,46.6753&q=Pin", RIYADH],
    ["https://maps.apple.com/?coordinate=24.7136,46.6753", RIYADH],
    ["https://www.openstreetmap.org/?mlat=24.7136&mlon=46.6753#map=15/24.7136/46.6753", RIYADH],
    ["https://www.openstreetmap.org/#map=15/24.7136/46.6753", RIYADH],
    ["geo:24.7136,46.6753?z=15", RIYADH],
    ["https://www.google.com/maps/@-33.8688,151.2093,12z", { lat: -33.8688, lng: 151.2093 }],
  ])("%s", (link, expected) => expect(coordinatesFromMapLink(link)).toEqual(expected));

  it.each([
    [""],
    ["https://maps.app.goo.gl/AbCdEf123"],
    ["https://www.google.com/maps/place/الرياض"],
    ["حي الملقا، الرياض"],
    ["95.1, 46.6"],
    ["24.7, 200"],
    ["0,0"],
    ["javascript:alert(1)"],
  ])("no coordinates in %j", (link) => expect(coordinatesFromMapLink(link)).toBeNull());
});
