/**
 * The most common passwords of 8 characters or more (from public breach corpora), refused as new
 * passwords. Compared case-insensitively.
 */
const COMMON = `12345678 123456789 1234567890 password password1 password123 password12 qwertyuiop
qwerty123 qwerty12 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 11111111 00000000 88888888 87654321 12341234
11223344 12121212 123123123 iloveyou sunshine princess football baseball welcome1 welcome123
abcd1234 abc12345 abcdefgh 1234qwer qwer1234 aa123456 asdfghjkl asdf1234 zxcvbnm1 trustno1
superman starwars michael1 jennifer dragon12 letmein1 letmein123 monkey123 master12 shadow12
computer internet whatever passw0rd p@ssw0rd p@ssword passwort azerty123 changeme changeme123
administrator admin123 admin1234 adminadmin root1234 test1234 testtest guest123 school123
schoolride welcome2024 welcome2025 welcome2026 summer2024 summer2025 winter2025 spring2025
autumn2025 football1 baseball1 basketball iloveyou1 sunshine1 princess1 charlie1 freedom1
qazwsxedc zaq12wsx 1qazxsw2 q1w2e3r4 q1w2e3r4t5 a1b2c3d4 123qweasd qweasdzxc 987654321
999999999 123456789a a123456789 password!` 
  .split(/\s+/)
  .filter(Boolean);

const COMMON_SET = new Set(COMMON.map((entry) => entry.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON_SET.has(password.trim().toLowerCase());
}
