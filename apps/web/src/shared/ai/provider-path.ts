/** The model provider settings page, where the AI pages send an administrator when no model is set up. */
export const PROVIDER_PATH = '/aiconfig/provider';
