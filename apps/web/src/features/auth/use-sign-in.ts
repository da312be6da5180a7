import { useNavigate, useSearchParams } from 'react-router';
import { saveTokens } from '../../shared/api/tokens';
import type { TokenResult } from '../../shared/session/types';
import { redirectTarget } from '../../shared/session/redirect-target';

/** Stores the new token pair and leaves the sign-in page for the recorded redirect or the home page. */
export function useSignedIn(): (tokens: TokenResult) => void {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (tokens) => {
    saveTokens(tokens.accessToken, tokens.refreshToken);
    void navigate(redirectTarget(search), { replace: true });
  };
}
