// The Content area's uploaded images (issue 31): where one is served, what its reference in a
// page's document looks like, and the words of its refusals. No zod here: the editor's browser
// code reads the messages; the schema is content/image-ref.schema.ts.

/** Longest alt text: a sentence or two that says what the image shows. */
export const IMAGE_ALT_MAX = 400;

export const IMAGE_MESSAGES = {
  altRequired: 'Alt text is required: describe what the image shows for people who cannot see it.',
  altTooLong: `Alt text must be at most ${IMAGE_ALT_MAX} characters`,
  fileRequired: 'Choose an image file to upload (PNG, JPEG, WebP or GIF).',
  oneFile: 'Upload one image at a time, in the field named "file".',
  unknownImage: 'There is no such uploaded image: upload it again or choose one from the list.',
  uploaded: 'Image uploaded and placed. Save to put it on the site.',
} as const;

/** The file name's extension for each stored type. */
export const IMAGE_EXTENSIONS = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;

/** Where an image is served: its content hash in the path, so the URL can be cached for good. */
export const MEDIA_PATH = /^\/media\/([a-f0-9]{64})\.(png|jpg|webp|gif)$/;
export const mediaPath = (id: string, type: keyof typeof IMAGE_EXTENSIONS) => `/media/${id}.${IMAGE_EXTENSIONS[type]}`;
