import { parseSeedArgs } from '../../demo-data/seed';

describe('seed CLI', () => {
  test('parseSeedArgs() reads --scale N, --scale=N and --force', () => {
    expect(parseSeedArgs([])).toEqual({ scale: 1, force: false });
    expect(parseSeedArgs(['--scale', '10', '--force'])).toEqual({ scale: 10, force: true });
    expect(parseSeedArgs(['--scale=0.5'])).toEqual({ scale: 0.5, force: false });
  });

  test('error: parseSeedArgs() rejects a bad scale and unknown arguments', () => {
    expect(() => parseSeedArgs(['--scale', '-1'])).toThrow('Validation failed: --scale -1');
    expect(() => parseSeedArgs(['--scale'])).toThrow('expected a positive number');
    expect(() => parseSeedArgs(['--fast'])).toThrow('Validation failed: argument --fast');
  });
});
