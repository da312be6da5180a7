import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { fileStorageFor, LocalDiskStorage } from './file-storage.js';

const S3 = {
  STORAGE_PROVIDER: 's3',
  S3_BUCKET: 'lintel-files',
  S3_ACCESS_KEY_ID: 'id',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('storage settings', () => {
  it('stores on the local disk unless told otherwise', () => {
    const config = loadConfig({});
    expect(config.storage).toEqual({ provider: 'local' });
    expect(fileStorageFor(config)).toBeInstanceOf(LocalDiskStorage);
    // One storage per configuration.
    expect(fileStorageFor(config)).toBe(fileStorageFor(config));
  });

  it('reads the S3 settings, path-style and region defaulted', () => {
    expect(
      loadConfig({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' }).storage,
    ).toEqual({
      provider: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'lintel-files',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...S3, S3_REGION: 'oss-cn-hangzhou' }).storage).toMatchObject({
      endpoint: undefined,
      region: 'oss-cn-hangzhou',
      forcePathStyle: false,
    });
  });

  it('names the setting that is missing or wrong', () => {
    const setting = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.setting;
        throw error;
      }
      return undefined;
    };
    expect(setting({ STORAGE_PROVIDER: 'ftp' })).toBe('STORAGE_PROVIDER');
    expect(setting({ ...S3, S3_BUCKET: '' })).toBe('S3_BUCKET');
    expect(setting({ ...S3, S3_BUCKET: 'Bad_Bucket' })).toBe('S3_BUCKET');
    expect(setting({ ...S3, S3_SECRET_ACCESS_KEY: '' })).toBe('S3_SECRET_ACCESS_KEY');
    expect(setting({ ...S3, S3_ENDPOINT: 'ftp://x' })).toBe('S3_ENDPOINT');
    expect(setting({ ...S3, S3_FORCE_PATH_STYLE: 'maybe' })).toBe('S3_FORCE_PATH_STYLE');
  });
});
