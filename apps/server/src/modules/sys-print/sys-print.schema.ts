/** The wire of sysPrint lives in @lintel/contracts (wire/sys-print.ts), shared with the web app. */
export {
  AddPrintBody,
  PagePrintBody,
  PrintIdBody,
  PrintListQuery,
  PrintNameParams,
  PrintOutput,
  PrintSummaryOutput,
  UpdatePrintBody,
  type PrintElement,
  type PrintFilter,
  type PrintInput,
  type PrintTemplateDoc,
} from '@lintel/contracts/wire';
