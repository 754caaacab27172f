// Input attributes read from the shared schemas (STYLE 4): `required`, `maxlength` and the
// email input type come from the very rules the server applies. Worked out on the server and
// handed to the forms through the root loader, so zod stays out of the page's first script.
import type { z } from 'zod';
import { EMAIL_PATTERN, feedbackSchema, newsletterSchema, signInSchema } from '../../common/schemas.ts';
import { contactSchema } from '../../common/contact-schema.ts';
import { demoRequestSchema } from '../../common/demo-schema.ts';
import type { FieldRule, FormSettings } from './form-fields.ts';

/** The parts of a zod 4 field read here: string fields carry their length limits and checks. */
type Introspectable = {
  safeParse(value: unknown): { success: boolean };
  maxLength?: number | null;
  _zod: { def: { checks?: { _zod: { def: object } }[] } };
};

const isEmailCheck = (def: object) => 'pattern' in def && def.pattern === EMAIL_PATTERN;

/** The attributes of each field of an object schema. */
export function rulesOf(schema: z.ZodObject): Record<string, FieldRule> {
  const rules: Record<string, FieldRule> = {};
  for (const [name, field] of Object.entries(schema.shape as unknown as Record<string, Introspectable>)) {
    const rule: FieldRule = {};
    if (!field.safeParse(undefined).success) rule.required = true;
    if (typeof field.maxLength === 'number') rule.maxLength = field.maxLength;
    if (field._zod.def.checks?.some((check) => isEmailCheck(check._zod.def))) rule.type = 'email';
    rules[name] = rule;
  }
  return rules;
}

let cached: FormSettings['rules'] | undefined;

/** The rules of every form on the site. */
export function formRules(): FormSettings['rules'] {
  return (cached ??= {
    signIn: rulesOf(signInSchema),
    demo: rulesOf(demoRequestSchema),
    contact: rulesOf(contactSchema),
    feedback: rulesOf(feedbackSchema),
    newsletter: rulesOf(newsletterSchema),
  });
}
