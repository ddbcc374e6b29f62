/** Public pages, navigation, the contact form and server-wide answers (SPEC section 8). */
export const siteMessages = {
  notFound: '404: Page Not Found',
  /** The first stop of every page's Tab order (WCAG 2.4.1). */
  skipLink: 'Skip to content',
  contact: {
    title: 'Contact us',
    intro: 'Questions about accounts, attendance records or setting up Roll Call at your institution? We are happy to help.',
    detailsTitle: 'Contact details',
    details: [
      { label: 'Email', value: 'support@rollcall.school' },
      { label: 'Phone', value: '+91 79 2630 0000' },
      { label: 'Office', value: 'Administration Block, Room 104' },
      { label: 'Hours', value: 'Monday to Friday, 9:00 to 17:00' },
    ],
    formTitle: 'Send us a message',
    name: 'Name',
    email: 'Email',
    message: 'Message',
    submit: 'Send message',
    stored: 'Thank you! Your message has been sent to the school office; an administrator will reply by email.',
    failed: 'Your message could not be sent. Please email us instead.',
    tooMany: 'Too many messages from this address. Please try again later, or email us.',
    nameRequired: 'Please enter your name (at most 100 characters).',
    messageRequired: 'Please write a message (at most 2000 characters).',
  },
  server: {
    validation: 'Invalid request.',
    internal: 'Internal server error.',
    notFound: 'Not found.',
    busy: 'The face checker is busy. Please try again in a few seconds.',
    tooLarge: 'The request is too large.',
  },
  app: {
    name: 'Roll Call',
    copyright: (year: number) => `© ${year} Roll Call. Attendance you can trust.`,
  },
  nav: {
    features: 'Features',
    about: 'About',
    contact: 'Contact',
    login: 'Login',
    register: 'Register',
    logout: 'Logout',
    home: 'Back to home',
    menu: 'Toggle menu',
    main: 'Main navigation',
    footer: 'Footer navigation',
  },
  landing: {
    badge: 'Geofencing + facial recognition',
    heroTitle: 'Geofencing-enhanced facial recognition attendance',
    heroSubtitle:
      'Students check in from inside the classroom geofence and confirm it is really them with a quick blink-based face check. Teachers start a session in one tap; administrators see everything.',
    featuresTitle: 'Everything attendance needs, nothing it does not',
    featuresSubtitle: 'Three checks that make proxy attendance a thing of the past.',
    features: [
      { title: 'Easy Registration', body: 'Sign up in a minute with your details and three face images captured straight from your webcam.' },
      { title: 'Geofencing', body: 'Teachers open a session with a radius around the classroom; only students inside it can check in.' },
      { title: 'Facial Recognition', body: 'A short video with two blinks proves a live person, and the face is matched to the enrolled images.' },
    ],
    contactTitle: 'Questions? Get in touch',
    contactBody: 'Our team helps institutions set up Roll Call and answers questions from students and staff.',
    contactCta: 'Contact us',
    aboutCta: 'About Roll Call',
  },
  about: {
    title: 'About Roll Call',
    intro: 'Roll Call is a self-hosted attendance system for schools and colleges that combines a location check with a face check.',
    sections: [
      {
        id: 'mission',
        title: 'Our mission',
        body: "Take roll call off the teacher's plate and make every attendance record one that students, teachers and administrators can trust.",
      },
      {
        id: 'technology',
        title: 'Technology',
        body: "A teacher's session draws a geofence around the classroom. Students inside it record a three-second video; a liveness check counts their blinks and their face is compared with the three images captured at registration.",
      },
      {
        id: 'privacy',
        title: 'Privacy and security',
        body: "Roll Call runs on your institution's own server. Face images and attendance data never leave it, passwords are stored as strong one-way hashes and every session expires.",
      },
      {
        id: 'team',
        title: 'Our team',
        body: 'Built by educators and engineers who spent too many mornings calling names, for institutions that would rather spend that time teaching.',
      },
    ],
  },
  thankYou: {
    title: 'Thank you for registering!',
    body: 'Your account has been created and is pending approval. You can log in once it has been approved.',
    toLogin: 'Go to login',
  },
  dashboard: {
    titles: { student: 'Student dashboard', teacher: 'Teacher dashboard', admin: 'Admin dashboard' },
    welcome: (name: string) => `Welcome, ${name}`,
    noDepartment: 'None',
  },
  loader: { label: 'Loading…', retry: 'Try again' },
} as const;
