/** One area of the user guide: an anchor id, its title and its Markdown text. */
export interface GuideSection {
  id: string;
  title: string;
  body: string;
}
