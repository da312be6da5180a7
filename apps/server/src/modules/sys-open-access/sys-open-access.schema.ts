export {
  AddOpenAccessBody,
  GenerateSignatureBody,
  GenerateSignatureOutput,
  OpenAccessOutput,
  OpenAccessSecretOutput,
  PageOpenAccessBody,
  UpdateOpenAccessBody,
  type GenerateSignatureInput,
  type OpenAccessFilter,
  type OpenAccessInput,
  type OpenAccessUpdate,
} from '@lintel/contracts/wire';
