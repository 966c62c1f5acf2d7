// A password's length, the same on the server's policy and the forms that ask for a new one.
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
