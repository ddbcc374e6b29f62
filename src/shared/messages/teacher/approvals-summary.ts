/** Issue 36: what waits for the teacher, counted at the top of the dashboard on every screen size. */
export const approvalsSummaryMessages = {
  approvalsSummary: {
    label: 'Waiting for you',
    students: 'Pending students',
    leave: 'Leave requests',
    faceChanges: 'Face changes',
  },
} as const;
