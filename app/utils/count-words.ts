import { formatCountArabic, type CountWords } from "./format.ts";

/**
 * The words the public pages count with, agreeing with the number as Arabic does
 * (Intl.PluralRules('ar') through formatCountArabic): "غرفة واحدة", "غرفتان", "٣ غرف", "١١ غرفة".
 */
const ROOMS: CountWords = { zero: "لا توجد غرف", one: "غرفة واحدة", two: "غرفتان", few: "غرف", many: "غرفة" };
const BATHROOMS: CountWords = { zero: "لا توجد دورات مياه", one: "دورة مياه واحدة", two: "دورتا مياه", few: "دورات مياه", many: "دورة مياه" };
const OFFERS: CountWords = { zero: "لا توجد عروض", one: "عرض واحد", two: "عرضان", few: "عروض", many: "عرضًا", other: "عرض" };
const PHOTOS: CountWords = { zero: "لا توجد صور", one: "صورة واحدة", two: "صورتان", few: "صور", many: "صورة" };
const DAYS: CountWords = { zero: "أقل من يوم", one: "يوم واحد", two: "يومان", few: "أيام", many: "يومًا", other: "يوم" };
/** After «بعد»: «ثانية واحدة», «ثانيتين», «٣ ثوانٍ», «١١ ثانية». */
const SECONDS_AFTER: CountWords = { zero: "لحظة", one: "ثانية واحدة", two: "ثانيتين", few: "ثوانٍ", many: "ثانية", other: "ثانية" };
const RESULTS: CountWords = { zero: "لا توجد نتائج", one: "نتيجة واحدة", two: "نتيجتان", few: "نتائج", many: "نتيجة" };
const YEARS: CountWords = { zero: "أقل من سنة", one: "سنة واحدة", two: "سنتان", few: "سنوات", many: "سنة" };

export const roomsText = (count: number) => formatCountArabic(count, ROOMS);
export const bathroomsText = (count: number) => formatCountArabic(count, BATHROOMS);
export const offersText = (count: number) => formatCountArabic(count, OFFERS);
export const photosText = (count: number) => formatCountArabic(count, PHOTOS);
export const daysText = (count: number) => formatCountArabic(count, DAYS);
export const secondsText = (count: number) => formatCountArabic(count, SECONDS_AFTER);
export const resultsText = (count: number) => formatCountArabic(count, RESULTS);
export const yearsText = (count: number) => formatCountArabic(count, YEARS);
