/**
 * The one query-key factory of the robot assistant (issue 15): the window's greeting and recommendations, the
 * user's feedback, the knowledge page. Its keys began with 'chat' or 'robot' while this code lived in the chat feature.
 */
export const assistantKeys = {
  all: ['assistant'] as const,
  greet: () => [...assistantKeys.all, 'greet'] as const,
  recommend: (sceneId: string) => [...assistantKeys.all, 'recommend', sceneId] as const,
  feedback: () => [...assistantKeys.all, 'feedback'] as const,
  knowledge: () => [...assistantKeys.all, 'knowledge'] as const,
  knowledgePage: (filter: object) => [...assistantKeys.knowledge(), filter] as const,
  scenes: () => [...assistantKeys.all, 'scenes'] as const,
};
