/** One area of the user guide: an anchor id, its title and its Markdown text. */
export interface GuideSection {
  id: string;
  title: string;
  body: string;
  /**
   * The top-level menu entries (registry keys) this section explains, so a test can tell when an
   * area of the menu has no section; empty for sections about the whole shell.
   */
  menus: string[];
}
