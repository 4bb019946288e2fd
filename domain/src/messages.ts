// Validation and form messages. The spec's own messages are copied word for word (including the
// typographic apostrophes); the ones marked "ours" fill gaps where the spec names a rule but no text.

export const MESSAGES = {
  // Generic
  required: 'This field is required',
  invalidEmail: 'Enter a valid email',
  /** Spec: 'Enter a valid URL ({host})'. The placeholder is read like the contact form's {email}:
   * it stands for an example address, so the text shows the expected shape. */
  invalidUrl: 'Enter a valid URL (https://…)',
  passwordTooShort: 'Password must be at least 6 characters', // ours
  enterNumber: 'Enter a number', // ours
  wholeNumber: 'Enter a whole number', // ours
  selectFromList: 'Select an option from the list', // ours
  unstorableText: 'Remove the unsupported characters (such as NUL) from this field', // ours

  // Athlete registration
  athletePasswordMismatch: 'Password does not match',
  minimumAge10: 'Minimum age is 10',
  maximumAge40: 'Maximum age is 40',
  athleteCodeRequest: 'Fill out your account details before requesting a code.',

  // Coach registration
  confirmPassword: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  currentPasswordRequired: 'Enter your current password',
  verificationCode: 'Enter the verification code we emailed you',
  coachCodeEmail: 'Enter a valid email before requesting a code',
  coachCodePasswords: 'Create and confirm your password before requesting a code',
  coachCodeMismatch: 'Passwords must match before requesting a code',
  complianceRequired: 'Please acknowledge the compliance statement', // ours
  consentRequired: 'Please consent to being contacted', // ours
  termsRequired: 'Please accept the terms of service', // ours
  gpaStep: 'Use at most one decimal place', // ours

  // Agent registration
  chooseAgency: 'Please choose your agency',
  agencyUrlRequired: 'Agency website is required',
  allAgenciesTaken: 'All partner agencies already have profiles. Contact support to make changes.',
  agencyAlreadyRegistered: '(Already registered)',

  // Athlete profile (fields)
  fullNameRequired: 'Full name is required',
  ageRequired: 'Age is required', // ours
  phoneRequired: 'Phone number is required',
  nationalityRequired: 'Nationality is required', // ours
  selectEnglishLevel: 'Select your English level',
  selectGradingScale: 'Select your grading scale', // ours
  enterAcademicAverage: 'Enter your academic average',
  gpaMinimum: 'Minimum is 0.0',
  gpaMaximum: 'Maximum is 4.0',
  enterCustomGpa: 'Enter your GPA on a 4.0 scale',
  selectPrimaryPosition: 'Select your primary position', // ours
  selectLeague: 'Select the league you currently play in',
  selectAgency: 'Select your agency',
  selectMajor: 'Select at least one intended major',
  selectStartTerm: 'Choose at least one target start term',
  selectRegion: 'Pick at least one preferred U.S. region',
  /** Decision S15: the form asks for the budget and says why. */
  chooseBudget: 'Choose your yearly budget: programs are matched on what you can afford, so an unset budget scores 0 on every request with a cost.', // ours

  // Athlete profile (submit time)
  averageNeededToConvert: 'Enter your academic average so we can convert it',
  gpaNotCalculated: 'We couldn’t calculate your GPA. Check the academic average value.',
  chooseRepresentingAgency: 'Choose the agency that represents you.',

  // Images
  imageTooLarge: 'Image must be 5MB or less',
  unreadableImage: 'Unable to read image',
  imageTooManyPixels: 'Image dimensions are too large (at most 40 megapixels)', // ours

  // Coach request
  selectPrimaryPositionRequest: 'Select at least one primary position',
  onePositionOnly: 'Only one primary position can be selected', // ours
  requestMinimumAge: 'Minimum age is 16', // ours, from the 16..35 bounds
  requestMaximumAge: 'Maximum age is 35', // ours
  ageRangeOrder: 'Minimum age cannot be above maximum age', // ours
} as const;

/** 'Minimum is X' / 'Maximum is Y' of a bounded number (spec section 5, academic average). */
export const minimumIs = (min: number | string) => `Minimum is ${min}`;
export const maximumIs = (max: number | string) => `Maximum is ${max}`;
