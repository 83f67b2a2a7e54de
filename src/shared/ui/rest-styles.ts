// Mantine's styles beyond the first screen's (scripts/mantine-styles.ts), as a chunk of their own:
// import it through restStyles() (styles.ts), never directly.
import 'virtual:mantine-rest.css';
