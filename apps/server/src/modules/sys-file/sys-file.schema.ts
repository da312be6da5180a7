import { Type } from 'typebox';

export const UploadResult = Type.Object({
  id: Type.String(),
  url: Type.String({ description: 'Address the file is served at (/upload/...)' }),
});

/** Documents the multipart body; @fastify/multipart parses it, the route reads it with request.file(). */
export const uploadDoc = (what: string) => ({
  consumes: ['multipart/form-data'],
  description: `multipart/form-data with one file field: ${what}. At most 10 MB; the type is checked from the content.`,
});
