// The demo form's browser check: its schema carries libphonenumber-js's metadata, so it loads
// only with this form (validate-form.ts has the others).
import { demoRequestSchema } from '../../common/demo-schema.ts';
import { checkWith } from './validate-form.ts';

export const check = checkWith(demoRequestSchema);
