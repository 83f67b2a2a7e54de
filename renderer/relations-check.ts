import type { ProjectConfig } from '@schemas/project-config';
import { ownValue } from '@schemas/own-keys';
import { pointerSegment as escape } from './forms';
import { problem, type ConfigProblem } from './problems';

/**
 * The rules of parents, children and links that JSON Schema cannot say: child types must exist
 * and have every trackpoint of the parent type (children travel with their parent), and a
 * trackpoint's mandatory rules must be satisfiable and able to apply.
 */
export function checkRelations(config: ProjectConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const [typeKey, type] of Object.entries(config.barcodeTypes)) {
    const typePointer = `/barcodeTypes/${escape(typeKey)}`;
    type.pairing?.childTypes.forEach((childKey, i) => {
      const child = ownValue(config.barcodeTypes, childKey);
      const pointer = `${typePointer}/pairing/childTypes/${i}`;
      if (!child) {
        problems.push(problem(pointer, 'unknownChildType', { type: childKey }));
        return;
      }
      const missing = type.trackPoints.filter((p) => !child.trackPoints.some((c) => c.key === p.key)).map((p) => p.key);
      if (missing.length > 0)
        problems.push(problem(pointer, 'childTypeTrackPoint', { type: childKey, keys: missing.join(', ') }));
    });
    type.trackPoints.forEach((point, i) => {
      const pointer = `${typePointer}/trackPoints/${i}`;
      if (point.pairing === 'mandatory' && point.unpairing === 'mandatory')
        problems.push(problem(`${pointer}/unpairing`, 'mandatoryContradiction'));
      if (!type.pairing && point.pairing === 'mandatory')
        problems.push(problem(`${pointer}/pairing`, 'mandatoryUnusable', { rule: 'pairing', needs: 'pairing' }));
      if (!type.pairing && point.unpairing === 'mandatory')
        problems.push(problem(`${pointer}/unpairing`, 'mandatoryUnusable', { rule: 'unpairing', needs: 'pairing' }));
      if (!type.linking && point.linking === 'mandatory')
        problems.push(problem(`${pointer}/linking`, 'mandatoryUnusable', { rule: 'linking', needs: 'linking' }));
    });
  }
  return problems;
}
