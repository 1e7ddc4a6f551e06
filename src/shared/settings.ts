export const SETTINGS_MESSAGES = {
  deniedPage: "You don't have permission to access settings.",
} as const;
