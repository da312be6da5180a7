import { createContext, useContext } from 'react';

/** One open page of the shell's tags view, as a page sees it. */
export interface OpenTag {
  key: string;
  /** The path and query the tag opens. */
  href: string;
  title: string;
  affix: boolean;
}

export type TagCommand = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/** The shell's tags view, driven from a page: its open tags and its own actions. */
export interface TagsControl {
  tags: OpenTag[];
  currentKey: string | null;
  /** Runs a tag action of the shell on the tag `key` (closeAll needs none). */
  run(command: TagCommand, key?: string): void;
}

/**
 * The tags view belongs to the app's shell (app/shell/tags), which provides this; a feature asks for
 * it here. Null outside the shell, or while the layout settings switch the tags view off.
 */
export const TagsControlContext = createContext<TagsControl | null>(null);

export const useTagsControl = (): TagsControl | null => useContext(TagsControlContext);
