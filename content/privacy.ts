// The privacy notice's content (content/privacy.yaml), typed; validated at build by the schema.
import data from './privacy.yaml';
import type { PrivacyContent } from './privacy.schema.ts';

export const privacyContent = data as PrivacyContent;
