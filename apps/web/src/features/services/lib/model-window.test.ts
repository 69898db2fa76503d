import { MODEL_WINDOW_HEIGHT, MODEL_WINDOW_WIDTH } from '@portal/contracts/constants';
import { describe, expect, it } from 'vitest';
import { isModelConfig, modelWindowConfig, newModelId } from './model-window.ts';

describe('model window configuration (2.4)', () => {
  it('defaults to 1200 x 650, shown, with a generated modelId', () => {
    const c = modelWindowConfig('{"url":"https://net.demo.edu.cn/pay"}', '校园网缴费');
    expect(c).toMatchObject({
      url: 'https://net.demo.edu.cn/pay',
      title: '校园网缴费',
      width: 1200,
      height: 650,
      openType: '',
      hidden: false,
      serviceId: '',
    });
    expect([MODEL_WINDOW_WIDTH, MODEL_WINDOW_HEIGHT]).toEqual([1200, 650]);
    expect(c.modelId).toMatch(/^model-/);
  });

  it('reads sizes in px, numbers or strings; refuses nonsense sizes for the defaults', () => {
    expect(modelWindowConfig({ width: 1000, height: '600px' })).toMatchObject({ width: 1000, height: 600 });
    expect(modelWindowConfig({ width: '860', height: ' 538PX ' })).toMatchObject({ width: 860, height: 538 });
    expect(modelWindowConfig({ width: 0, height: -5 })).toMatchObject({ width: 1200, height: 650 });
    expect(modelWindowConfig({ width: 'wide', height: null })).toMatchObject({ width: 1200, height: 650 });
  });

  it('keeps openType, the hidden flag, a given modelId and the service', () => {
    const c = modelWindowConfig(
      '{"openType":"service","serviceId":"000000-svc-001","hidden":"1","modelId":"m1","title":"查成绩"}',
    );
    expect(c).toEqual({
      modelId: 'm1',
      title: '查成绩',
      url: '',
      width: 1200,
      height: 650,
      openType: 'service',
      hidden: true,
      serviceId: '000000-svc-001',
    });
    for (const hidden of [true, 1, '1', 'true']) expect(modelWindowConfig({ hidden }).hidden).toBe(true);
    for (const hidden of [false, 0, '0', 'false', undefined, 'yes'])
      expect(modelWindowConfig({ hidden }).hidden).toBe(false);
  });

  it('generates a different modelId for every window', () => {
    const ids = new Set(Array.from({ length: 100 }, () => newModelId()));
    expect(ids.size).toBe(100);
    expect(modelWindowConfig('{}').modelId).not.toBe(modelWindowConfig('{}').modelId);
  });

  it('tells a JSON configuration from a plain url (section 3: a JSON string or a plain url)', () => {
    expect(isModelConfig('{"openType":"workGuide"}')).toBe(true);
    expect(isModelConfig('  {"url":"https://a"} ')).toBe(true);
    expect(isModelConfig('https://www.demo.edu.cn/xl')).toBe(false);
    expect(isModelConfig('{not json')).toBe(false);
    expect(isModelConfig('[1,2]')).toBe(false);
    expect(isModelConfig('')).toBe(false);
    expect(isModelConfig(null)).toBe(false);
    expect(modelWindowConfig('https://www.demo.edu.cn/xl', '校历')).toMatchObject({
      url: 'https://www.demo.edu.cn/xl',
      title: '校历',
      openType: '',
      width: 1200,
    });
    expect(modelWindowConfig('{broken', 'x').url).toBe('{broken');
  });
});
