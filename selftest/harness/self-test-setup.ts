/** Says, once per `npm test`, that the self tests ignore the configuration a user wrote for a store. */
export default function selfTestSetup(): void {
  console.log(
    'Self tests: .env and ENV_FILE are not read, and child runs inherit no configuration variable: every run targets the embedded reference or a server of the self test.',
  );
}
