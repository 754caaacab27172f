// Every message a visitor reads about their input or a submission's outcome.
// Quoted from the spec (sections 5 and 8) to the letter; the few the spec leaves open are marked.

export const MESSAGES = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  allFieldsRequired: 'All fields are required!',
  signInError: 'Sign In Error!',
  signInSuccess: 'Sign In Success!',
  signedIn: 'Signed In!',

  nameRequired: 'Name is required',
  jobTitleRequired: 'Job title is required',
  countryAndNumber: 'Please select your country and add your number',
  emailRequired: 'Email is required',
  messageRequired: 'Message is required',
  bookDemoError: 'Book Demo Error!',

  subjectRequired: 'Subject is required',
  inquiryTypeRequired: 'Please select an inquiry type',
  imageRequired: 'Please select an image',
  contactInvalid: "Error, this section can't be empty!",

  error: 'Error!',
  success: 'Success!',

  // Not worded by the spec: ours.
  feedbackRequired: 'Feedback is required',
  emailInvalid: 'Enter a valid email address, like name@company.com',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  imageType: 'The image must be a PNG, JPEG, WebP or GIF file',
  imageTooLarge: 'The image must be at most 5 MB',
  imagePixels: 'The image must be at most 24 megapixels (for example 6000 × 4000)',
  imageDimensions: 'The image must be at most 10,000 pixels wide and 10,000 pixels high',
  imageTooComplex: 'The image took too long to process: please send a smaller or simpler one',
  wrongCredentials: 'Incorrect username or password',
  lockedOut: 'Too many failed sign-in attempts. Please try again later.',
  tokenInvalid: 'Your session is not valid. Please sign in again.',
  csrf: 'This form has expired. Please reload the page and try again.',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  badRequest: 'The request could not be read.',
  payloadTooLarge: 'The request is too large.',
  oneImageOnly: 'Please attach one image only',
  marketingConsentInvalid:
    'marketing_consent must be true, "true", "on" or "yes" to opt in, or false, empty or left out to opt out',
  unsupportedMediaType: 'The request has an unsupported content type.',
  notFound: 'Not found.',
  serverError: 'Something went wrong on our side. Please try again.',
  closing: 'The site is restarting. Please try again in a moment.',
  unavailable: 'The site cannot reach its database right now. Please try again in a moment.',

  feedbackThanks: 'Thank you for your feedback.',
  demoThanks: 'Thank you! Our team will contact you within one business day to arrange your demo.',
  contactThanks: 'Thank you for your message. We will reply by email shortly.',
  newsletterThanks: 'You are subscribed to the Haulora newsletter.',
  signedOut: 'Signed out.',
  refreshTokenMissing: 'Send the refresh token as {"refresh_token": "…"} in a JSON body.',
  refreshTokenInUrl: 'A refresh token is accepted only in the JSON body, never in a URL.',
} as const;

/** A server-side failure's message with the request's id, for support to find its log line. */
export const withReference = (message: string, requestId: string) => `${message} Reference: ${requestId}`;
