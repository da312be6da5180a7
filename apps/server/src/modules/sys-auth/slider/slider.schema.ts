import { Type } from 'typebox';
import { Id } from '../../../platform/http/schemas.js';

const Token = Type.String({ pattern: '^[A-Za-z0-9_-]{22}$', description: '128-bit random, base64url' });

export const SliderQuery = Type.Object({ tenantId: Type.Optional(Id) }, { additionalProperties: false });

export const SliderPuzzleResult = Type.Object({
  id: Type.String(),
  background: Type.String({ description: 'PNG data: URL with the hole' }),
  piece: Type.String({ description: 'PNG data: URL of the piece (transparent around it)' }),
  pieceY: Type.Integer({ description: 'Top of the piece in picture pixels' }),
  pieceSize: Type.Integer(),
  width: Type.Integer(),
  height: Type.Integer(),
  expiresAt: Type.String(),
});

export const SliderVerifyBody = Type.Object(
  {
    id: Token,
    x: Type.Number({ minimum: -100, maximum: 1000, description: 'Left edge of the dropped piece' }),
    track: Type.Optional(
      Type.Array(
        Type.Object(
          {
            x: Type.Number({ minimum: -1000, maximum: 10_000 }),
            t: Type.Number({ minimum: 0, maximum: 600_000, description: 'ms since the press' }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 2000 },
      ),
    ),
  },
  { additionalProperties: false },
);

export const SliderPassResult = Type.Object({
  passToken: Type.String({ description: 'Send as sliderToken with the sign-in; single use' }),
  expiresAt: Type.String(),
});

/** The sign-in bodies' field for the pass token. */
export const SliderTokenField = Type.Optional(
  Type.String({
    maxLength: 64,
    description: 'Pass token of the slider captcha (when the tenant asks for it)',
  }),
);
