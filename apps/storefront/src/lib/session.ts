const KEY = 'emporium-storefront-signed-in'

/**
 * Whether this browser has logged a customer in. The account calls are made only then, so a
 * guest's pages send no request that is bound to fail with a 401.
 */
export const signedIn = {
  get: (): boolean => localStorage.getItem(KEY) === '1',
  set: (value: boolean): void => (value ? localStorage.setItem(KEY, '1') : localStorage.removeItem(KEY)),
}
