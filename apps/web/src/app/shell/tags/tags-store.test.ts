import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NavigateFunction } from 'react-router';
import { session } from '../../../shared/storage';
import { runTagAction } from './tag-actions';
import { TAGS_KEY, tagKey, useTagsStore } from './tags-store';

const store = () => useTagsStore.getState();
const keys = () => store().tags.map((t) => t.key);

beforeEach(() => {
  sessionStorage.clear();
  useTagsStore.setState({ tags: [], refreshes: {}, fullscreen: false, persist: true });
  store().setAffix(['/dashboard/home']);
  store().visit('/dashboard/home', '', false);
  store().visit('/system/dict', '', false);
  store().visit('/platform/menu', '', false);
  store().visit('/about', '', false);
});
afterEach(() => vi.restoreAllMocks());

describe('tags store', () => {
  it('adds one tag per visited page, affix first, without duplicates', () => {
    store().visit('/system/dict', '', false);
    expect(keys()).toEqual(['/dashboard/home', '/system/dict', '/platform/menu', '/about']);
    expect(store().tags[0]!.affix).toBe(true);
  });

  it('makes a tag per query, or one per path when tags are shared (isShareTagsView)', () => {
    store().visit('/system/dict', '?type=1', false);
    expect(keys()).toContain('/system/dict?type=1');
    expect(tagKey('/system/dict', '?type=1', true)).toBe('/system/dict');
    store().visit('/about', '?tab=2', true);
    const about = store().tags.filter((t) => t.path === '/about');
    expect(about).toHaveLength(1);
    expect(about[0]!.search).toBe('?tab=2');
  });

  it('close, close others and close all never remove an affix tag', () => {
    store().close('/dashboard/home');
    store().close('/platform/menu');
    expect(keys()).toEqual(['/dashboard/home', '/system/dict', '/about']);
    store().closeOthers('/about');
    expect(keys()).toEqual(['/dashboard/home', '/about']);
    store().closeAll();
    expect(keys()).toEqual(['/dashboard/home']);
  });

  it('sorts by dragging, keeping affix tags in front', () => {
    store().move(3, 1);
    expect(keys()).toEqual(['/dashboard/home', '/about', '/system/dict', '/platform/menu']);
    store().move(2, 0);
    expect(keys()).toEqual(['/dashboard/home', '/system/dict', '/about', '/platform/menu']);
    store().move(0, 3);
    expect(keys()[0]).toBe('/dashboard/home');
  });

  it('keeps the list in session storage when caching is on, and forgets it when off', () => {
    expect(session.get<{ key: string }[]>(TAGS_KEY)?.map((t) => t.key)).toEqual(keys());
    store().setPersist(false);
    expect(session.get(TAGS_KEY)).toBeNull();
    store().close('/about');
    expect(session.get(TAGS_KEY)).toBeNull();
  });
});

describe('tag actions', () => {
  const tag = (key: string) => store().tags.find((t) => t.key === key)!;
  const nav = () => vi.fn() as unknown as NavigateFunction & ReturnType<typeof vi.fn>;

  it('closing the page on screen goes to its right neighbour, else its left one', () => {
    const navigate = nav();
    runTagAction('close', tag('/platform/menu'), '/platform/menu', navigate, '/dashboard/home');
    expect(navigate).toHaveBeenCalledWith('/about');
    runTagAction('close', tag('/about'), '/about', navigate, '/dashboard/home');
    expect(navigate).toHaveBeenLastCalledWith('/system/dict');
  });

  it('closing a tag in the background stays on the page', () => {
    const navigate = nav();
    runTagAction('close', tag('/about'), '/system/dict', navigate, '/dashboard/home');
    expect(navigate).not.toHaveBeenCalled();
    expect(keys()).not.toContain('/about');
  });

  it('close all lands on the affix home tag; close others opens the kept tag', () => {
    const navigate = nav();
    runTagAction('closeOthers', tag('/about'), '/system/dict', navigate, '/dashboard/home');
    expect(navigate).toHaveBeenCalledWith('/about');
    runTagAction('closeAll', tag('/about'), '/about', navigate, '/dashboard/home');
    expect(navigate).toHaveBeenLastCalledWith('/dashboard/home');
    expect(keys()).toEqual(['/dashboard/home']);
  });

  it('refresh bumps the page key; fullscreen turns the content area fullscreen', () => {
    const navigate = nav();
    runTagAction('refresh', tag('/about'), '/about', navigate, '/dashboard/home');
    runTagAction('refresh', tag('/about'), '/about', navigate, '/dashboard/home');
    expect(store().refreshes['/about']).toBe(2);
    expect(navigate).not.toHaveBeenCalled();
    runTagAction('fullscreen', tag('/system/dict'), '/about', navigate, '/dashboard/home');
    expect(store().fullscreen).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/system/dict');
    runTagAction('exitFullscreen', tag('/system/dict'), '/system/dict', navigate, '/dashboard/home');
    expect(store().fullscreen).toBe(false);
  });
});
