/** Query keys of the live frame: the announcement shown to everyone, cleared from the answer of its acknowledgement. */
export const realtimeKeys = {
  announcement: () => ['announcement'] as const,
};
