/** SPEC 5: a mobile number has 11 digits, the first 1 and the second 3 to 9. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export const isPhone = (value: string): boolean => PHONE_PATTERN.test(value);
