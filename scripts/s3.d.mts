// Types of s3.mjs for the TypeScript callers (the cluster journey's setup).
export declare function startS3Store(options: {
  directory: string;
  bucket: string;
  prefix: string;
}): Promise<{
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  env: Record<string, string>;
  stop: () => Promise<void>;
}>;
