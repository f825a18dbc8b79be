/** To be ported from the React component (issue 42). */
export function startGallery() {}
