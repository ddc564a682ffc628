// Placeholder: the real global setup (start the vigia binary on a free port with a fresh
// database and demo data) is written on the server side.
export default async function globalSetup(): Promise<void> {}
