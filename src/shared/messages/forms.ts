/** Form validation, password rules, the webcam capture and paging (SPEC sections 5 and 8). */
export const formsMessages = {
  validation: {
    username: 'Username must be at least 3 characters long and contain only letters/numbers.',
    email: 'Enter a valid email.',
    phone: 'Enter a valid 10-digit phone number.',
    password: 'Password must be at least 8 characters, include an uppercase, lowercase, number, and special character.',
    department: 'Please select a department.',
    role: 'Please select a role.',
    emailRequired: 'Email is required.',
    passwordRequired: 'Password is required.',
    fixErrors: 'Please fix the errors before submitting.',
    imagesRequired: 'Exactly 3 face images are required.',
    emailTooLong: 'Email must be at most 254 characters.',
  },
  passwordRules: {
    lowercase: 'At least one lowercase letter.',
    uppercase: 'At least one uppercase letter.',
    number: 'At least one number.',
    special: 'At least one special character.',
    length: 'Minimum 8 characters required.',
  },
  strengthLabels: ['Weak', 'Fair', 'Good', 'Strong', 'Very Strong'] as const,
  capture: {
    start: 'Capture at least 3 images from different angles.',
    progress: (n: number) => `${n}/3 images captured. Keep going!`,
    enough: 'You have captured enough images. Proceed to registration.',
    max: 'You can only capture up to 3 images.',
  },
  pagination: {
    label: 'Pagination',
    previous: 'Previous',
    next: 'Next',
    page: (n: number) => `Page ${n}`,
    more: 'More pages',
  },
} as const;
