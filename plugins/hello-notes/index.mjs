// The sample plugin of the plugins folder (docs: apps/server/src/platform/plugins). Its default
// export is a Fastify plugin, registered under /api/plugin/hello-notes in a context of its own.
// Each route names its permission in the product's form; plugin.json declares the same routes and
// permissions, and the server refuses the plugin if the two disagree.

const MAX_NOTES = 50;

/** The product's answer envelope, so the web app's API client reads plugin answers like any other. */
const ok = (result) => ({
  code: 200,
  type: 'success',
  message: '',
  result,
  extras: null,
  time: new Date().toISOString(),
});

export default async function helloNotes(app) {
  const notes = [{ id: 1, text: 'Hello from a plugin', time: new Date().toISOString() }];
  let next = 2;

  app.get('/', { config: { permission: 'helloNotes:list' } }, async () => ok({ notes }));

  app.post(
    '/',
    {
      config: { permission: 'helloNotes:add' },
      schema: {
        body: {
          type: 'object',
          required: ['text'],
          additionalProperties: false,
          properties: { text: { type: 'string', minLength: 1, maxLength: 200 } },
        },
      },
    },
    async (request) => {
      const note = { id: next++, text: request.body.text, time: new Date().toISOString() };
      notes.unshift(note);
      notes.length = Math.min(notes.length, MAX_NOTES);
      return ok(note);
    },
  );
}
