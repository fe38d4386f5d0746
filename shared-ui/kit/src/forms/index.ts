// react-final-form fields on the shared primitives. Imported as '@jobboard/shared-ui/forms' by
// the remotes with forms; not part of the shared singleton, so the shell never loads it.
export {
  CheckboxGroup,
  RadioGroup,
  Fieldset,
  SelectInput,
  TextAreaInput,
  TextInput,
  UrlInput,
  fieldError,
} from './fields';
export { PayFields } from './pay-fields';
export { ApplyFields } from './apply-fields';
export { WorkplaceFields } from './workplace-fields';
export {
  HUMAN_PROOF_MARKS,
  HumanProof,
  HumanProofFields,
  useHumanProof,
  type HumanProofStart,
} from './human-proof';
