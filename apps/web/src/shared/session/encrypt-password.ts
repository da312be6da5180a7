/**
 * SM2 in C1C3C2 mode (cipherMode 1), the form the server decrypts; the key is hex with the 04 prefix.
 * sm-crypto is loaded on first use: it is a third of the sign-in form's code and is needed only when
 * a password is sent (the form starts loading it when the password field gets focus).
 */
const loadSm2 = () => import('sm-crypto').then((m) => m.sm2);

export const preloadEncryption = (): void => void loadSm2();

export async function encryptPassword(password: string, publicKey: string): Promise<string> {
  return (await loadSm2()).doEncrypt(password, publicKey, 1);
}
