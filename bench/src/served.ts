/** An app listening on a loopback port. */
export interface Served {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}
