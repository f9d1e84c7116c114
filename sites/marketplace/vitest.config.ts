import { lightContract } from '@coach/shared/build/light-contract';
import { defineConfig } from 'vitest/config';

// The islands import the light contract modules (virtual:light-contract/<module>), as in the site's build.
export default defineConfig({ plugins: [lightContract()] });
