/** The wire of sysLang lives in @lintel/contracts (wire/lang.ts), shared with the web app. */
export {
  AddLangBody,
  LangDetailQuery,
  LangOption,
  LangOutput,
  LangPage,
  LangPageBody,
  UpdateLangBody,
  type LangInput,
  type LangPageInput,
  type LangUpdate,
} from '@lintel/contracts/wire';
