// Reads the YAML files in content/ and validates them against content/schema.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { z } from 'zod';
import { schema as emailsSchema } from '../content/emails.schema.ts';
import { faqFileSchema, glossaryFileSchema, siteFileSchema } from '../content/schema.ts';

const contentDir = fileURLToPath(new URL('../content/', import.meta.url));

export class ContentFileError extends Error {}

function loadYaml<T extends z.ZodType>(fileName: string, schema: T): z.infer<T> {
  const path = contentDir + fileName;
  const result = schema.safeParse(parse(readFileSync(path, 'utf8')));
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.path.join('.') || '(root)';
    throw new ContentFileError(`content/${fileName}: ${field}: ${issue?.message}`);
  }
  return result.data;
}

export const loadFaqContent = () => loadYaml('faq.yaml', faqFileSchema);
export const loadGlossaryContent = () => loadYaml('glossary.yaml', glossaryFileSchema);
export const loadSiteContent = () => loadYaml('site.yaml', siteFileSchema);
export const loadEmailContent = () => loadYaml('emails.yaml', emailsSchema);
