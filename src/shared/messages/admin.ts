/** The admin dashboard (SPEC sections 2 and 8). */
export const adminMessages = {
  admin: {
    loadUsersFailed: 'Failed to load users.',
    loadAttendanceFailed: 'Failed to load attendance data.',
    loadChartsFailed: 'Failed to load attendance summary for charts.',
    unauthorized: 'Unauthorized! Please log in.',
    noUsers: 'No users found.',
    passwordPlaceholder: 'Leave blank to keep current password',
  },
} as const;
