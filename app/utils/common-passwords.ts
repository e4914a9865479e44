/**
 * About 220 of the most used passwords, refused as new passwords. Sources (SecLists,
 * Passwords/Common-Credentials): the top of `100k-most-used-passwords-NCSC.txt` (the UK NCSC's
 * list from Have I Been Pwned), without those shorter than the length rule already refuses and
 * without random strings from single breaches; Saudi ones from
 * `Language-Specific/Arabic_common-password-list-top-487.txt`; and "qwerty", "qwertyuiop",
 * "asdfgh" as typed on an Arabic keyboard. Lower case: the check folds case, Arabic-Indic digits
 * and spaces at the ends.
 */
const LIST = [
  "123456", "123456789", "qwerty", "password", "111111", "12345678", "abc123", "1234567", "password1",
  "1234567890", "123123", "000000", "iloveyou", "1q2w3e4r5t", "qwertyuiop", "monkey", "dragon",
  "123456a", "654321", "123321", "666666", "1qaz2wsx", "myspace1", "121212", "123qwe", "a123456",
  "123abc", "1q2w3e4r", "qwe123", "7777777", "qwerty123", "987654321", "qwerty1", "222222", "zxcvbnm",
  "1g2w3e4r", "555555", "fuckyou", "112233", "asdfghjkl", "1q2w3e", "123123123", "qazwsx", "computer",
  "princess", "12345a", "ashley", "159753", "michael", "football", "sunshine", "1234qwer",
  "iloveyou1", "aaaaaa", "789456123", "daniel", "777777", "princess1", "123654", "asdfgh", "999999",
  "11111111", "888888", "abcd1234", "shadow", "football1", "love123", "superman", "jessica",
  "monkey1", "12qwaszx", "a12345", "baseball", "123456789a", "killer", "samsung", "master", "azerty",
  "charlie", "asd123", "soccer", "88888888", "jordan", "michael1", "jesus1", "linkedin", "babygirl1",
  "789456", "blink182", "thomas", "qwer1234", "333333", "liverpool", "michelle", "nicole", "131313",
  "asdasd", "987654", "lovely", "q1w2e3r4", "0123456789", "andrew", "hello1", "joshua", "justin",
  "anthony", "iloveyou2", "1111111", "zxcvbn", "jennifer", "hunter", "naruto", "welcome", "159357",
  "101010", "tigger", "147258369", "babygirl", "5201314", "robert", "696969", "102030", "0987654321",
  "loveme", "123456q", "pokemon", "mother", "money1", "secret", "purple", "q1w2e3r4t5y6", "qazwsxedc",
  "1111111111", "buster", "matthew", "basketball", "hannah", "freedom", "chelsea", "passw0rd",
  "p@ssw0rd", "trustno1", "friends", "william", "iloveu", "number1", "chocolate", "qwerty12",
  "summer", "flower", "pakistan", "samantha", "asdf1234", "letmein", "batman", "butterfly", "010203",
  "qweqwe", "forever", "mustang", "internet", "london", "alexander", "00000000", "12341234", "q1w2e3",
  "family", "loveyou", "whatever", "qweasdzxc", "212121", "1qazxsw2", "password12", "password123",
  "password1234", "google", "111222", "hello123", "12344321", "abcdef", "starwars", "qwerty1234",
  "qwerty12345", "1234561", "12345678910", "abc123456", "aa123456", "aa123456789", "a123456789",
  "123456aa", "147258", "147852369", "741852963", "admin123", "welcome1", "welcome123", "pass1234",
  "test123", "123qweasd", "1qaz2wsx3edc", "zaq12wsx", "zaq1xsw2", "iloveyou12", "changeme",
  "bismillah", "allah123", "ksa123", "ksa1234", "ksa123456", "mohammed123", "mohamed123",
  "mohamed123456", "abdullah", "abdullah123", "abdulaziz123", "khalid123", "khalid123456",
  "alhilal123", "ضصثقيه", "ضصثقيهعخحج", "شسيبلا",
] as const;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST);

/** "Password1", " 123456 " and "١٢٣٤٥٦" all count as the common passwords they are. */
function normalizeForCommonCheck(password: string): string {
  return password
    .normalize("NFKC")
    .trim()
    .toLowerCase()
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(normalizeForCommonCheck(password));
}
