// Run by .ci/run before the tests, so the log says up front whether GS1's official EPCIS schema checks the exports.
import { gs1Status } from './gs1-files';

console.log(gs1Status());
