/**
 * The banks of Saudi IBANs by their two-digit bank code (the IBAN's 5th and 6th characters).
 * Source: the Saudi Central Bank's (SAMA) list of IBAN bank identifiers, as the banks publish it
 * for transfers; codes of merged banks (Samba → SNB, Alawwal → SAB) still name the bank that
 * holds their accounts now.
 */
export const SAUDI_BANK_CODES: Readonly<Record<string, string>> = {
  "05": "مصرف الإنماء",
  "10": "البنك الأهلي السعودي",
  "15": "بنك البلاد",
  "20": "بنك الرياض",
  "30": "البنك العربي الوطني",
  "40": "البنك الأهلي السعودي",
  "45": "البنك السعودي الأول",
  "50": "البنك السعودي الأول",
  "55": "البنك السعودي الفرنسي",
  "60": "بنك الجزيرة",
  "65": "البنك السعودي للاستثمار",
  "80": "مصرف الراجحي",
  "90": "بنك الخليج الدولي",
  "95": "بنك الإمارات دبي الوطني",
};
