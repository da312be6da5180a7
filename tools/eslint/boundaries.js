import path from 'node:path';

/**
 * Import boundaries of the code base (ARCHITECTURE 3), checked on the resolved target of every
 * relative import and re-export:
 * - server `platform/` never imports a module (modules build on platform, not the reverse);
 * - server modules never import the seed (the seed builds on the modules' tables, not the reverse);
 * - web `features/` never import `app/` (the app assembles features);
 * - a web feature imports another feature only through `shared/`, and `shared/` imports neither
 *   a feature nor `app/` (it is what they share, below both).
 * Package imports (`@lintel/contracts`, npm) are not the rule's business.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'apps/server/src');
const WEB = path.join(ROOT, 'apps/web/src');

const inside = (file, dir) => file === dir || file.startsWith(dir + path.sep);
/** The first folder below `dir` that `file` lies in ("system" for features/system/user/x.tsx). */
const topFolder = (file, dir) => path.relative(dir, file).split(path.sep)[0];

function verdict(from, to) {
  const platform = path.join(SERVER, 'platform');
  const modules = path.join(SERVER, 'modules');
  const seed = path.join(SERVER, 'db/seed');
  const features = path.join(WEB, 'features');
  if (inside(from, platform) && inside(to, modules))
    return 'platform must not import a module: move what both need into platform';
  if (inside(from, modules) && inside(to, seed))
    return 'a module must not import the seed: move what both need into the module or platform';
  if (inside(from, features) && inside(to, path.join(WEB, 'app')))
    return 'a feature must not import app/: move what both need into shared/';
  if (inside(from, path.join(WEB, 'shared')) && (inside(to, features) || inside(to, path.join(WEB, 'app'))))
    return 'shared/ must not import a feature or app/: it sits below both';
  if (inside(from, features) && inside(to, features) && topFolder(from, features) !== topFolder(to, features))
    return `feature "${topFolder(from, features)}" must not import feature "${topFolder(to, features)}": share it through shared/`;
  return undefined;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps imports inside the architecture boundaries' },
    schema: [],
  },
  create(context) {
    const from = context.filename;
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(from), source);
      const message = verdict(from, target);
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { imports: rule } };
