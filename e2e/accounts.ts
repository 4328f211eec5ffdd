export const E2E_ACCOUNTS = {
  owner: { email: 'owner@milepost.local', password: 'milepost-demo', firstName: 'Olivia', lastName: 'Owner' },
  viewer: { email: 'viewer@milepost.local', password: 'milepost-demo', firstName: 'Vera', lastName: 'Viewer' },
  dispatcher: { email: 'dispatcher@milepost.local', password: 'milepost-demo', firstName: 'Dan', lastName: 'Dispatcher' },
  noPermissions: { email: 'nobody@e2e.test', password: 'nobody-password', firstName: 'Nora', lastName: 'Nothing' },
} as const;
