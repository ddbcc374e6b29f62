/**
 * @deprecated LabeledField's former name and path, kept only for features/teacher/approvals/reject-dialog.tsx, which
 * is being edited elsewhere: once it imports LabeledField from ./labeled-field, delete this file (issue 38).
 */
export { LabeledField as FormField } from './labeled-field';
