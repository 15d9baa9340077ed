/** Picks listed on the home page (the loader sends no more); the caption counts all of the month's. */
export const homePicksShown = 6
